/** Worked examples of the health routes for the OpenAPI document. */
export const HEALTHY_EXAMPLE = { status: 'ok' };
export const READY_EXAMPLE = { status: 'ready' };
export const UNAVAILABLE_EXAMPLE = { status: 'unavailable' };

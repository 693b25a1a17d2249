// One entry per module: import `@kiosk/domain/<module>`; this root entry
// re-exports the shared kernel only, so module names never collide.
export * from './shared';

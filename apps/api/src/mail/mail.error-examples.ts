/** Worked refusals of the development mailbox for the OpenAPI document. */
import { refusal } from '../platform/http/problem-examples';

export const MAIL_NOT_FOUND = refusal('No such mail', 404, 'MAIL.NOT_FOUND', 'No such mail in the stored mailbox');

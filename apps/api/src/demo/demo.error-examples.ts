/** Worked refusals of the demo site for the OpenAPI document. */
import { refusal } from '../platform/http/problem-examples';

export const DEMO_NOT_SET_UP = refusal(
  'The demo vendor is not set up',
  404,
  'DEMO.NOT_SET_UP',
  'the demo site is not set up: start on an empty embedded database or run `kiosk demo:load`',
);

export const NO_ARTICLE = refusal('No such article', 404, 'DEMO.NO_ARTICLE', 'no article harbour-reopens-2027');

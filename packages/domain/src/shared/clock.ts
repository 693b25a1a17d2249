/** The only way the domain learns the time. Tests and operators move it. */
export interface Clock {
  now(): Date;
}

import { ErasureSubject, PersonalDataEraser } from '../shared';

/** A module's eraser that keeps whom it was asked to erase (or fails, with `failWith`, to test that erasure is all or nothing). */
export class RecordingPersonalDataEraser implements PersonalDataEraser {
  readonly erased: ErasureSubject[] = [];
  failWith: Error | null = null;
  constructor(readonly module = 'recording') {}
  async erase(subject: ErasureSubject): Promise<void> {
    if (this.failWith) throw this.failWith;
    this.erased.push(subject);
  }
}

import { TestClock } from '@kiosk/domain/catalog';
import { IsIn, IsISO8601, IsString } from 'class-validator';
import { isoOrNull, NullableInAnswer } from '../platform/http/views';

export class TestClockView {
  @IsString() vendorId!: string;
  /** The instant everything of the vendor reads as now. */
  @IsString() frozenTime!: string;
  /** `advancing` while an advance runs the moves that fell due; `ready` otherwise. */
  @IsIn(['ready', 'advancing']) status!: string;
  /** Where a running advance is going; null when ready. */
  @NullableInAnswer() @IsString() advancingTo!: string | null;
  @IsString() createdAt!: string;
  @IsString() updatedAt!: string;
}

export class AdvanceTestClockBody {
  /** The instant to move the clock to (ISO 8601); not before its current time. */
  @IsISO8601({ strict: true }) frozenTime!: string;
}

export const testClockView = (clock: TestClock): TestClockView => ({
  vendorId: clock.vendorId,
  frozenTime: clock.frozenTime.toISOString(),
  status: clock.status,
  advancingTo: isoOrNull(clock.advancingTo),
  createdAt: clock.createdAt.toISOString(),
  updatedAt: clock.updatedAt.toISOString(),
});

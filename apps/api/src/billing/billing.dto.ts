import { IsBoolean, IsISO8601, IsNumber, IsOptional, IsString, MaxLength } from 'class-validator';

export class RecordPaymentBody {
  /** When the money arrived; default now. Not in the future. */
  @IsOptional() @IsISO8601({ strict: true }) paidAt?: string;
}

/** Interface 2.6a Transaction; `amount` in major units. */
export class TransactionView {
  @IsString() id!: string;
  @IsNumber() amount!: number;
  @IsString() currency!: string;
  @IsString() contractId!: string;
  @IsBoolean() isRefund!: boolean;
  @IsString() userId!: string;
  @IsString() billId!: string;
  @IsString() updatedAt!: string;
  @IsString() createdAt!: string;
}

export class TransactionsQuery {
  @IsOptional() @IsString() @MaxLength(200) q?: string;
}

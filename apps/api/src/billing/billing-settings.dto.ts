import { TAX_CATEGORIES, TaxCategory } from '@kiosk/domain/billing';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { IsMajorAmount, Nullable } from '../platform/http/dto-decorators';
import { NullableInAnswer } from '../platform/http/views';

export class RateOverrideBody {
  @IsString() @Matches(/^[A-Z]{2}$/, { message: 'country must be two capital letters' }) country!: string;
  @IsIn(TAX_CATEGORIES) category!: TaxCategory;
  /** Percent, at most two decimals (2.1 means 2.1 %). */
  @IsMajorAmount({ message: 'rate must be a percentage with at most two decimals' }) @Min(0) @Max(100) rate!: number;
}

/** PATCH body: a field left out stays as it is, `null` clears it. */
export class UpdateBillingSettingsBody {
  @Nullable() @IsString() @MaxLength(200) legalName?: string | null;
  @Nullable() @IsString() @MaxLength(200) street?: string | null;
  @Nullable() @IsString() @MaxLength(32) zip?: string | null;
  @Nullable() @IsString() @MaxLength(200) city?: string | null;
  @Nullable() @IsString() @Matches(/^[A-Z]{2}$/, { message: 'country must be two capital letters' }) country?: string | null;
  @Nullable() @IsString() @MaxLength(32) vatNumber?: string | null;
  @Nullable() @IsString() @MaxLength(1000) paymentInstructions?: string | null;
  /** National registration number (Swedish organisationsnummer, 10 digits with a Luhn check digit). */
  @Nullable() @IsString() @MaxLength(64) organisationNumber?: string | null;
  /** GLN (13 digits): the seller's e-invoice address when set. */
  @Nullable() @IsString() @MaxLength(64) gln?: string | null;
  /** The account buyers pay to: IBAN (checksum checked) and BIC, Swedish bankgiro and plusgiro. */
  @Nullable() @IsString() @MaxLength(64) iban?: string | null;
  @Nullable() @IsString() @MaxLength(64) bic?: string | null;
  @Nullable() @IsString() @MaxLength(64) bankgiro?: string | null;
  @Nullable() @IsString() @MaxLength(64) plusgiro?: string | null;
  @Nullable() @IsArray() @ArrayMaxSize(200) @ValidateNested({ each: true }) @Type(() => RateOverrideBody) rateOverrides?: RateOverrideBody[] | null;
}

export class RateOverrideView {
  @IsString() country!: string;
  @IsIn(TAX_CATEGORIES) category!: TaxCategory;
  @IsNumber() rate!: number;
}

export class BillingSettingsView {
  @NullableInAnswer() @IsString() legalName!: string | null;
  @NullableInAnswer() @IsString() street!: string | null;
  @NullableInAnswer() @IsString() zip!: string | null;
  @NullableInAnswer() @IsString() city!: string | null;
  @NullableInAnswer() @IsString() country!: string | null;
  @NullableInAnswer() @IsString() vatNumber!: string | null;
  @NullableInAnswer() @IsString() paymentInstructions!: string | null;
  @NullableInAnswer() @IsString() organisationNumber!: string | null;
  @NullableInAnswer() @IsString() gln!: string | null;
  @NullableInAnswer() @IsString() iban!: string | null;
  @NullableInAnswer() @IsString() bic!: string | null;
  @NullableInAnswer() @IsString() bankgiro!: string | null;
  @NullableInAnswer() @IsString() plusgiro!: string | null;
  @IsArray() @ValidateNested({ each: true }) @Type(() => RateOverrideView) rateOverrides!: RateOverrideView[];
  @NullableInAnswer() @IsString() updatedAt!: string | null;
}

export class InvoiceKindQuery {
  /** Which document of the bill: its invoice (default) or a credit note of a voided or refunded bill. */
  @IsOptional() @IsIn(['INVOICE', 'CREDIT_NOTE']) kind?: 'INVOICE' | 'CREDIT_NOTE';
  /** Which of the bill's documents of that kind, by number (a bill refunded in parts has a credit note per refund); the newest without it. */
  @IsOptional() @IsString() @Matches(/^[A-Za-z0-9-]{1,32}$/) number?: string;
}

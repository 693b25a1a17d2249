import { PRODUCT_LIST_LIMITS } from '@kiosk/domain/catalog';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { NullableInAnswer } from '../platform/http/views';

const wholeNumber = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value);

export class ManagementProductsQuery {
  /** Part of the SKU or the title, case ignored. */
  @IsOptional() @IsString() @MaxLength(200) search?: string;
  /** Page size, by SKU: 1 to 500; without it, every product. */
  @IsOptional() @Transform(wholeNumber) @IsInt() @Min(1) @Max(PRODUCT_LIST_LIMITS.max) limit?: number;
  @IsOptional() @Transform(wholeNumber) @IsInt() @Min(0) @Max(1_000_000) offset?: number;
}

/** Management-interface 3.7 Vendor. */
export class ManagementVendorView {
  @IsString() id!: string;
  @IsString() name!: string;
  @NullableInAnswer() @IsString() logo!: string | null;
  /** The currency most of the vendor's purchase options are priced in; null while it has none. */
  @NullableInAnswer() @IsString() currency!: string | null;
}

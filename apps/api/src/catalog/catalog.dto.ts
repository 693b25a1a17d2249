import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsMajorAmount } from '../platform/http/dto-decorators';
import { PRODUCT_TYPES, ProductType, RECURRING_INTERVALS, RecurringInterval, SKU_PATTERN } from '@kiosk/domain/catalog';
import { NullableInAnswer } from '../platform/http/views';
import { TAX_CATEGORIES, TaxCategory } from '@kiosk/domain/billing';

export class ProductView {
  @IsString() sku!: string;
  @IsString() title!: string;
  @IsIn(PRODUCT_TYPES) productType!: ProductType;
  @NullableInAnswer() @IsString() cover!: string | null;
  @NullableInAnswer() @IsString() language!: string | null;
  @NullableInAnswer() @IsString() publisherContentId!: string | null;
  /** What the product is for VAT: standard, news, book, audiobook, e_publication or physical_periodical. */
  @IsIn(TAX_CATEGORIES) taxCategory!: TaxCategory;
  @IsString() createdAt!: string;
  @IsString() updatedAt!: string;
}

export class CreateProductBody {
  @IsString() @Matches(SKU_PATTERN) sku!: string;
  @IsString() @IsNotEmpty() @MaxLength(500) title!: string;
  @IsIn(PRODUCT_TYPES) productType!: ProductType;
  @IsOptional() @IsString() @MaxLength(2048) cover?: string;
  @IsOptional() @IsString() @MaxLength(35) language?: string;
  @IsOptional() @IsString() @MaxLength(256) publisherContentId?: string;
  @IsOptional() @IsIn(TAX_CATEGORIES) taxCategory?: TaxCategory;
}

export class UpdateProductBody {
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(500) title?: string;
  @IsOptional() @IsIn(PRODUCT_TYPES) productType?: ProductType;
  @IsOptional() @IsString() @MaxLength(2048) cover?: string;
  @IsOptional() @IsString() @MaxLength(35) language?: string;
  @IsOptional() @IsString() @MaxLength(256) publisherContentId?: string;
  @IsOptional() @IsIn(TAX_CATEGORIES) taxCategory?: TaxCategory;
}

export class RecurringBody {
  @IsIn(RECURRING_INTERVALS) interval!: RecurringInterval;
  @IsInt() @Min(1) @Max(120) time!: number;
}

export class CreatePurchaseOptionBody {
  @IsString() @Matches(SKU_PATTERN) id!: string;
  @IsString() @IsNotEmpty() @MaxLength(200) name!: string;
  /** Major units, at most two decimals. */
  @IsMajorAmount() @Min(0) @Max(1e12) price!: number;
  @IsString() @Matches(/^[A-Z]{3}$/) currency!: string;
  @IsOptional() @IsBoolean() taxIncluded?: boolean;
  @IsOptional() @ValidateNested() @Type(() => RecurringBody) recurring?: RecurringBody;
  @IsOptional() @IsInt() @Min(1) @Max(100000) seatsPerUnit?: number;
  @IsOptional() @IsInt() @Min(1) minQuantity?: number;
  @IsOptional() @IsInt() @Min(1) @Max(1000000) maxQuantity?: number;
}

export class PurchaseOptionView {
  @IsString() id!: string;
  @IsString() sku!: string;
  @IsString() name!: string;
  @IsNumber() price!: number;
  @IsString() currency!: string;
  @IsBoolean() taxIncluded!: boolean;
  @NullableInAnswer() @ValidateNested() @Type(() => RecurringBody) recurring!: RecurringBody | null;
  @IsInt() seatsPerUnit!: number;
  @IsInt() minQuantity!: number;
  @IsInt() maxQuantity!: number;
  @IsString() createdAt!: string;
}

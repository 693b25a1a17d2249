import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { FULFILLMENT_STATUSES, MAX_FULFILLMENTS_PER_LOAD } from '@kiosk/domain/engagement';
import { NullableInAnswer } from '../platform/http/views';

export class FulfillmentsQuery {
  @IsString() @MaxLength(128) sku!: string;
}

export class RequestDeliveryBody {
  @IsString() @MaxLength(128) sku!: string;
}

export class DeliveryAnswerView {
  @IsBoolean() ok!: boolean;
}

/** Interface 2.6a Fulfillment. */
export class FulfillmentView {
  @IsString() id!: string;
  @IsNumber() numericId!: number;
  @IsString() status!: string;
  @IsString() sku!: string;
  @IsString() title!: string;
  @NullableInAnswer() @IsString() cover!: string | null;
  @NullableInAnswer() @IsString() deliveryProvider!: string | null;
  @NullableInAnswer() @IsString() itemId!: string | null;
  @IsNumber() copies!: number;
  @NullableInAnswer() @IsString() deliversAt!: string | null;
  @IsString() createdAt!: string;
  @IsString() updatedAt!: string;
}

/** Management: the vendor's fulfillment with its reader. */
export class ManagedFulfillmentView extends FulfillmentView {
  @IsString() userId!: string;
  @NullableInAnswer() @IsString() deliveryRequestedAt!: string | null;
}

export class FulfillmentLoadItem {
  /** The vendor's id for it (1 to 128 of A-Z a-z 0-9 _ . : -); loading the same id again updates it. */
  @IsString() @MaxLength(128) id!: string;
  @IsString() @MaxLength(200) userId!: string;
  @IsString() @MaxLength(128) sku!: string;
  @IsString() @MaxLength(300) title!: string;
  @IsOptional() @IsString() @MaxLength(2048) cover?: string;
  @IsOptional() @IsInt() @Min(1) @Max(Number.MAX_SAFE_INTEGER) numericId?: number;
  @IsOptional() @IsIn([...FULFILLMENT_STATUSES]) status?: (typeof FULFILLMENT_STATUSES)[number];
  @IsOptional() @IsString() @MaxLength(100) deliveryProvider?: string;
  @IsOptional() @IsString() @MaxLength(128) itemId?: string;
  @IsOptional() @IsInt() @Min(1) @Max(10_000) copies?: number;
  @IsOptional() @IsISO8601({ strict: true }) deliversAt?: string;
}

export class LoadFulfillmentsBody {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_FULFILLMENTS_PER_LOAD)
  @ValidateNested({ each: true })
  @Type(() => FulfillmentLoadItem)
  fulfillments!: FulfillmentLoadItem[];
}

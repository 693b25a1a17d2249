import { Type } from 'class-transformer';
import { IsArray, IsInt, IsNumber, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import { NullableInAnswer } from '../platform/http/views';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export class StatsQueryParams {
  /** First UTC day, `YYYY-MM-DD`. */
  @IsString() @Matches(DAY, { message: 'from must be a day YYYY-MM-DD' }) from!: string;
  /** Last UTC day, counted; at most 366 days after `from`. */
  @IsString() @Matches(DAY, { message: 'to must be a day YYYY-MM-DD' }) to!: string;
  /** Only this paywall's views and reads, and the checkouts started from it (and what they converted into). */
  @IsOptional() @IsString() @MaxLength(200) paywallId?: string;
  /** Only this product's checkouts, subscribers and revenue. */
  @IsOptional() @IsString() @MaxLength(200) sku?: string;
}

export class RevenueView {
  @IsString() currency!: string;
  /** Major units (9.5 is 9.50). */
  @IsNumber() amount!: number;
}

export class FiguresView {
  @IsInt() paywallViews!: number;
  @IsInt() freeReads!: number;
  @IsInt() blockedReads!: number;
  @IsInt() checkoutsStarted!: number;
  @IsInt() conversions!: number;
  @IsInt() newSubscribers!: number;
  @IsInt() lostSubscribers!: number;
  @IsArray() @ValidateNested({ each: true }) @Type(() => RevenueView) revenue!: RevenueView[];
}

export class DayFiguresView extends FiguresView {
  @IsString() day!: string;
}

export class PaywallFiguresView {
  @IsString() paywallId!: string;
  @IsInt() paywallViews!: number;
  @IsInt() freeReads!: number;
  @IsInt() blockedReads!: number;
  @IsInt() checkoutsStarted!: number;
  @IsInt() conversions!: number;
}

export class ProductFiguresView {
  @IsString() sku!: string;
  @IsInt() checkoutsStarted!: number;
  @IsInt() conversions!: number;
  @IsInt() newSubscribers!: number;
  @IsInt() lostSubscribers!: number;
  @IsArray() @ValidateNested({ each: true }) @Type(() => RevenueView) revenue!: RevenueView[];
}

export class StatsView {
  @IsString() from!: string;
  @IsString() to!: string;
  @NullableInAnswer() @IsString() paywallId!: string | null;
  @NullableInAnswer() @IsString() sku!: string | null;
  @IsArray() @ValidateNested({ each: true }) @Type(() => DayFiguresView) days!: DayFiguresView[];
  @ValidateNested() @Type(() => FiguresView) totals!: FiguresView;
  @IsArray() @ValidateNested({ each: true }) @Type(() => PaywallFiguresView) byPaywall!: PaywallFiguresView[];
  @IsArray() @ValidateNested({ each: true }) @Type(() => ProductFiguresView) byProduct!: ProductFiguresView[];
}

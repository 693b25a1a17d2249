import { IsOptional, IsString, MaxLength } from 'class-validator';

/** `/dev/mail`'s filters: one vendor, one recipient (any case). */
export class DevMailboxQuery {
  @IsOptional() @IsString() @MaxLength(63) vendor?: string;
  @IsOptional() @IsString() @MaxLength(320) to?: string;
}

import { IsArray, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { Nullable } from '../../platform/http/dto-decorators';
import { NullableInAnswer } from '../../platform/http/views';

export class AddDomainBody {
  /** A hostname only (`news.example.com`); Unicode names are stored in punycode. */
  @IsString() @IsNotEmpty() @MaxLength(1000) domain!: string;
}

export class DomainView {
  @IsString() domain!: string;
  @IsString() createdAt!: string;
  @IsArray() @IsString({ each: true }) sites!: string[];
}

export class CreateSiteBody {
  @IsString() @IsNotEmpty() @MaxLength(200) name!: string;
  @IsString() @IsNotEmpty() @MaxLength(1000) domain!: string;
  @IsString() @IsNotEmpty() @MaxLength(2048) url!: string;
  @Nullable() @NullableInAnswer() @IsString() @MaxLength(64) clientId?: string | null;
}

export class UpdateSiteBody {
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(200) name?: string;
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(1000) domain?: string;
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(2048) url?: string;
  /** `null` detaches the site from its browser client. */
  @Nullable() @NullableInAnswer() @IsString() @MaxLength(64) clientId?: string | null;
}

export class SiteView {
  @IsString() id!: string;
  @IsString() name!: string;
  @IsString() domain!: string;
  @IsString() url!: string;
  @NullableInAnswer() @IsString() clientId!: string | null;
  @IsArray() @IsString({ each: true }) allowedOrigins!: string[];
  @IsString() createdAt!: string;
  @IsString() updatedAt!: string;
}

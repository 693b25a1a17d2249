import { IsArray, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { API_KEY_NAME_MAX, API_KEY_ROLES, ApiKeyRole } from '@kiosk/domain/identity';

export class CreateApiKeyBody {
  @IsString()
  @IsNotEmpty()
  @MaxLength(API_KEY_NAME_MAX)
  name!: string;

  @IsOptional()
  @IsIn(API_KEY_ROLES)
  role?: ApiKeyRole;
}

/** Interface 2.1: a key as listed, with where and how to exchange it; the secret is never listed. */
export class ApiKeyView {
  @IsString() clientId!: string;
  @IsString() name!: string;
  @IsIn(API_KEY_ROLES) role!: ApiKeyRole;
  @IsArray() @IsString({ each: true }) scopes!: string[];
  @IsString() createdAt!: string;
  @IsString() tokenUrl!: string;
  @IsString() audience!: string;
}

/** The create answer: the listed fields and the secret, once. */
export class CreatedApiKeyView extends ApiKeyView {
  @IsString() clientSecret!: string;
}

/** RFC 6749 section 4.4 token request, form-encoded. */
export class TokenRequestForm {
  @IsIn(['client_credentials']) grant_type!: string;
  @IsOptional() @IsString() client_id?: string;
  @IsOptional() @IsString() client_secret?: string;
  @IsOptional() @IsString() audience?: string;
  @IsOptional() @IsString() scope?: string;
}

export class TokenResponse {
  @IsString() access_token!: string;
  @IsIn(['Bearer']) token_type!: string;
  @IsInt() expires_in!: number;
}

export class OAuthErrorResponse {
  @IsIn(['invalid_request', 'invalid_client', 'unsupported_grant_type', 'access_denied', 'invalid_target', 'temporarily_unavailable'])
  error!: string;

  @IsString() error_description!: string;
}

export class JsonWebKeySet {
  @IsArray() keys!: object[];
}

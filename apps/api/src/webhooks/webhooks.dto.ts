import { SUBSCRIBABLE_EVENT_TYPES, WEBHOOK_EVENT_TYPE_NAMES } from '@kiosk/domain/webhooks';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsISO8601, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { Nullable } from '../platform/http/dto-decorators';
import { NullableInAnswer } from '../platform/http/views';

export class CreateWebhookEndpointBody {
  @IsString() @MaxLength(2048) url!: string;
  /** Left out or null: every event type. */
  @Nullable() @IsArray() @ArrayMaxSize(50) @IsIn(SUBSCRIBABLE_EVENT_TYPES, { each: true }) eventTypes?: string[] | null;
  @Nullable() @IsString() @MaxLength(500) description?: string | null;
}

export class UpdateWebhookEndpointBody {
  @IsOptional() @IsString() @MaxLength(2048) url?: string;
  @Nullable() @IsArray() @ArrayMaxSize(50) @IsIn(SUBSCRIBABLE_EVENT_TYPES, { each: true }) eventTypes?: string[] | null;
  @Nullable() @IsString() @MaxLength(500) description?: string | null;
  @IsOptional() @IsBoolean() enabled?: boolean;
}

export class ReplayBody {
  /** One event (its `webhook-id`), or ... */
  @IsOptional() @IsString() @Matches(/^msg_[0-9a-f]{32}$/) messageId?: string;
  /** ... every event sent to this endpoint since this instant. */
  @IsOptional() @IsISO8601({ strict: true }) since?: string;
}

export class DeliveryLogQuery {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(500) limit?: number;
}

export class WebhookEndpointView {
  @IsString() id!: string;
  @IsString() url!: string;
  @NullableInAnswer() @IsArray() @IsString({ each: true }) eventTypes!: string[] | null;
  @NullableInAnswer() @IsString() description!: string | null;
  @IsIn(['enabled', 'disabled']) status!: string;
  @NullableInAnswer() @IsString() disabledReason!: string | null;
  @NullableInAnswer() @IsString() failingSince!: string | null;
  /** When the previous secret stops signing after a rotation; null when only one secret signs. */
  @NullableInAnswer() @IsString() previousSecretExpiresAt!: string | null;
  @IsString() createdAt!: string;
  @IsString() updatedAt!: string;
}

export class WebhookEndpointWithSecretView extends WebhookEndpointView {
  /** Shown once: `whsec_` and the base64 key. */
  @IsString() secret!: string;
}

export class WebhookSecretView {
  @IsString() secret!: string;
  @NullableInAnswer() @IsString() previousSecretExpiresAt!: string | null;
}

export class WebhookAttemptView {
  @IsString() id!: string;
  @IsString() deliveryId!: string;
  @IsString() messageId!: string;
  @IsIn(WEBHOOK_EVENT_TYPE_NAMES) eventType!: string;
  @IsInt() attempt!: number;
  @IsString() startedAt!: string;
  @IsInt() durationMs!: number;
  @NullableInAnswer() @IsInt() statusCode!: number | null;
  @IsIn(['delivered', 'failed', 'given_up']) outcome!: string;
  @NullableInAnswer() @IsString() error!: string | null;
  @NullableInAnswer() @IsString() responseExcerpt!: string | null;
  /** When a failed attempt's delivery is tried again; null when it was delivered, given up, or tried since. */
  @NullableInAnswer() @IsString() nextAttemptAt!: string | null;
}

export class WebhookMessagesView {
  @IsArray() @IsString({ each: true }) messageIds!: string[];
}

export class WebhookEventTypeView {
  @IsString() type!: string;
  @IsString() description!: string;
}

export class WebhookEventTypesView {
  @IsArray() @ValidateNested({ each: true }) @Type(() => WebhookEventTypeView) eventTypes!: WebhookEventTypeView[];
}

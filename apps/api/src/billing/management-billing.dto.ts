import { BILLING_LIST_LIMITS, TRANSACTION_TYPES, TransactionType } from '@kiosk/domain/billing';
import { BILL_STATUSES, BillStatus } from '@kiosk/domain/contracts';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

const wholeNumber = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value);

class PageQuery {
  /** Page size, newest first: 1 to 500, default 50. */
  @IsOptional() @Transform(wholeNumber) @IsInt() @Min(1) @Max(BILLING_LIST_LIMITS.max) limit?: number;
  @IsOptional() @Transform(wholeNumber) @IsInt() @Min(0) @Max(1_000_000) offset?: number;
  /** The contract user or the payer. */
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(128) userId?: string;
  /** The contract user or the payer with this e-mail (the whole address, case ignored). */
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(320) email?: string;
}

export class ManagementBillsQuery extends PageQuery {
  @IsOptional() @IsIn(BILL_STATUSES) status?: BillStatus;
}

export class ManagementTransactionsQuery extends PageQuery {
  @IsOptional() @IsIn(TRANSACTION_TYPES) type?: TransactionType;
  /** Transactions have no status (each is money that moved); any value is refused. */
  @IsOptional()
  @IsString()
  @MaxLength(0, { message: 'transactions have no status: each one is money that moved; tell payments from refunds with type=payment|refund' })
  status?: string;
}

const nullable = (type: string) => ({ type: [type, 'null'] });

/**
 * The reader's bill (interface 2.5, with the client's fields) plus who it is
 * for (`userId`) and who pays (`payerId`, null when the user does). Fields
 * the reader's bill view gains (the VAT breakdown) come along.
 */
export const MANAGEMENT_BILL_SCHEMA = {
  type: 'object',
  required: [
    'id', 'contractId', 'userId', 'payerId', 'invoiceNumber', 'items', 'price', 'currency', 'receiptUrl', 'paymentProvider', 'paymentMethod', 'status', 'updatedAt', 'createdAt',
  ],
  properties: {
    id: { type: 'string' },
    contractId: { type: 'string' },
    userId: { type: 'string' },
    payerId: nullable('string'),
    invoiceNumber: { ...nullable('string'), description: 'The number of the invoice that asks for the bill; null when nothing was invoiced' },
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['sku', 'title', 'purchaseOptionId'],
        properties: { sku: { type: 'string' }, title: { type: 'string' }, purchaseOptionId: { type: 'string' } },
      },
    },
    price: { type: 'number', description: 'major units' },
    currency: { type: 'string' },
    receiptUrl: nullable('string'),
    paymentProvider: { type: 'string' },
    paymentMethod: { type: 'string' },
    status: { type: 'string', enum: [...BILL_STATUSES] },
    updatedAt: { type: 'string' },
    createdAt: { type: 'string' },
  },
} as const;

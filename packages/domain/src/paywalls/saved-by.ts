/**
 * Who saved a version, when the request said: an API key (its client id) or
 * a member of the vendor's staff (their user id). `null` when unknown (a
 * command-line change, a version kept from before history was recorded).
 */
export interface SavedBy {
  readonly kind: 'API_KEY' | 'STAFF';
  readonly id: string;
}

/** PostgreSQL's unique_violation, as raised through TypeORM's QueryFailedError. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string; driverError?: { code?: string } })?.driverError?.code === '23505' ||
    (error as { code?: string })?.code === '23505';
}

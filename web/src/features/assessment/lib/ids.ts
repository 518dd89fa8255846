const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Assessment ids are UUIDs; service segments are type codes (sdlt_refund …), never UUIDs. */
export function isUuid(value: string | undefined | null): value is string {
  return typeof value === 'string' && UUID.test(value);
}

export function newAssessmentId(): string {
  return crypto.randomUUID();
}

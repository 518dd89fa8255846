export function findNginx(): string | null;
export function ensureNginx(options?: { quiet?: boolean }): string | null;

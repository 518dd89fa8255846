// Shorthands for the generated contract (api-schema.gen.ts, from the API's OpenAPI document).
import type { components } from './api-schema.gen';

export type Schemas = components['schemas'];

/** A page of a list, as every paginated list answers (ClaimPageDto, ThreadPageDto, DocumentPageDto …). */
export type Paginated<T> = Omit<Schemas['ClaimPageDto'], 'results'> & { results: T[] };

// Shorthands for the generated contract (api-schema.gen.ts, from the API's OpenAPI document).
import type { components, operations } from './api-schema.gen';

export type Schemas = components['schemas'];

/** A page of a list, as every paginated list answers (ClaimPageDto, ThreadPageDto, DocumentPageDto …). */
export type Paginated<T> = Omit<Schemas['ClaimPageDto'], 'results'> & { results: T[] };

/** The query parameters of an operation (by its operationId), e.g. a list's filters. */
export type QueryOf<K extends keyof operations> = NonNullable<operations[K]['parameters']['query']>;

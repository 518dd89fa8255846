import type { EntityManager, EntityName, FilterQuery, FindOptions, QueryOrderMap } from '@mikro-orm/core';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { IsOptional } from './validation';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** Query `page` and `page_size`. Extend it for lists with filters. */
export class PaginationQueryDto {
  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  page_size?: number;
}

export interface Page<T> {
  results: T[];
  count: number;
  page: number;
  page_size: number;
}

export interface PageWindow {
  page: number;
  pageSize: number;
  limit: number;
  offset: number;
}

export function pageWindow(query: PaginationQueryDto): PageWindow {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? DEFAULT_PAGE_SIZE;
  return { page, pageSize, limit: pageSize, offset: (page - 1) * pageSize };
}

export function pageOf<T>(results: T[], count: number, query: PaginationQueryDto): Page<T> {
  const { page, pageSize } = pageWindow(query);
  return { results, count, page, page_size: pageSize };
}

export interface PaginateOptions<E extends object, R> {
  em: EntityManager;
  entity: EntityName<E>;
  where: FilterQuery<E>;
  query: PaginationQueryDto;
  orderBy: QueryOrderMap<E>;
  populate?: FindOptions<E, never>['populate'];
  map: (entity: E) => R;
}

/** One findAndCount with limit/offset from the query, mapped to the contract's list shape. */
export async function paginate<E extends object, R>(options: PaginateOptions<E, R>): Promise<Page<R>> {
  const { limit, offset } = pageWindow(options.query);
  const findOptions = { limit, offset, orderBy: options.orderBy, populate: options.populate } as FindOptions<
    E,
    never
  >;
  const [rows, count] = await options.em.findAndCount(options.entity, options.where, findOptions);
  return pageOf(rows.map(options.map), count, options.query);
}

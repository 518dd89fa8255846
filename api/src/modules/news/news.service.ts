import { EntityManager, UniqueConstraintViolationException, type FilterQuery } from '@mikro-orm/core';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { paginate, type PaginationQueryDto } from '../../common/pagination';
import { ActivityLogService } from '../activity-logs/activity-logs.service';
import { User } from '../users/user.entity';
import type { CreateNewsDto, ListNewsAdminQueryDto, UpdateNewsDto } from './dto/news.dto';
import { NewsArticle } from './news-article.entity';

export function slugify(title: string): string {
  const slug = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/g, '');
  return slug === '' ? 'article' : slug;
}

export type NewsSummaryResponse = ReturnType<typeof toSummary>;
export type NewsDetailResponse = ReturnType<typeof toDetail>;
export type NewsStaffResponse = ReturnType<typeof toStaffView>;

function toSummary(a: NewsArticle) {
  return {
    slug: a.slug,
    title: a.title,
    summary: a.summary,
    published_at: a.publishedAt ? a.publishedAt.toISOString() : null,
    author: a.authorName,
  };
}

function toDetail(a: NewsArticle) {
  return { ...toSummary(a), body: a.body };
}

function toStaffView(a: NewsArticle) {
  return {
    id: a.id,
    ...toDetail(a),
    status: a.status,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  };
}

@Injectable()
export class NewsService {
  constructor(
    private readonly em: EntityManager,
    private readonly activity: ActivityLogService,
  ) {}

  listPublished(query: PaginationQueryDto) {
    return paginate({
      em: this.em,
      entity: NewsArticle,
      where: { status: 'published', publishedAt: { $lte: new Date() } },
      query,
      orderBy: { publishedAt: 'desc', id: 'asc' },
      map: toSummary,
    });
  }

  async getPublished(slug: string) {
    const article = await this.em.findOne(NewsArticle, {
      slug,
      status: 'published',
      publishedAt: { $lte: new Date() },
    });
    if (!article) throw new NotFoundException('Article not found');
    return toDetail(article);
  }

  listAll(query: ListNewsAdminQueryDto) {
    const where: FilterQuery<NewsArticle> = query.status ? { status: query.status } : {};
    return paginate({
      em: this.em,
      entity: NewsArticle,
      where,
      query,
      orderBy: { updatedAt: 'desc', id: 'asc' },
      map: toStaffView,
    });
  }

  private async find(slug: string): Promise<NewsArticle> {
    const article = await this.em.findOne(NewsArticle, { slug });
    if (!article) throw new NotFoundException('Article not found');
    return article;
  }

  private async flushUnique(): Promise<void> {
    try {
      await this.em.flush();
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) {
        throw new ConflictException({
          message: 'An article with this slug already exists',
          errors: [{ field: 'slug', message: 'is already used' }],
        });
      }
      throw err;
    }
  }

  async create(staff: User, dto: CreateNewsDto, request?: FastifyRequest) {
    const article = new NewsArticle();
    article.slug = dto.slug ?? slugify(dto.title);
    article.title = dto.title.trim();
    article.summary = dto.summary.trim();
    article.body = dto.body;
    article.author = this.em.getReference(User, staff.id);
    article.authorName = dto.author_name?.trim() || staff.displayName || 'Reclaim';
    this.em.persist(article);
    this.activity.persist(this.em, {
      user: staff,
      action: 'news_create',
      targetType: 'news_article',
      targetId: article.id,
      detail: { slug: article.slug },
      request: request ?? null,
    });
    await this.flushUnique();
    return toStaffView(article);
  }

  async update(staff: User, slug: string, dto: UpdateNewsDto, request?: FastifyRequest) {
    if (Object.values(dto).every((v) => v === undefined)) {
      throw new BadRequestException({
        message: 'Nothing to change',
        errors: [{ field: 'title', message: 'at least one field is required' }],
      });
    }
    const article = await this.find(slug);
    if (dto.slug !== undefined) article.slug = dto.slug;
    if (dto.title !== undefined) article.title = dto.title.trim();
    if (dto.summary !== undefined) article.summary = dto.summary.trim();
    if (dto.body !== undefined) article.body = dto.body;
    if (dto.author_name !== undefined) article.authorName = dto.author_name.trim() || 'Reclaim';
    this.activity.persist(this.em, {
      user: staff,
      action: 'news_update',
      targetType: 'news_article',
      targetId: article.id,
      detail: { slug: article.slug },
      request: request ?? null,
    });
    await this.flushUnique();
    return toStaffView(article);
  }

  async setPublished(staff: User, slug: string, published: boolean, request?: FastifyRequest) {
    const article = await this.find(slug);
    article.status = published ? 'published' : 'draft';
    // Publishing keeps the first publication date; unpublishing keeps it for a later republish.
    if (published) article.publishedAt ??= new Date();
    this.activity.persist(this.em, {
      user: staff,
      action: published ? 'news_publish' : 'news_unpublish',
      targetType: 'news_article',
      targetId: article.id,
      detail: { slug: article.slug },
      request: request ?? null,
    });
    await this.em.flush();
    return toStaffView(article);
  }
}

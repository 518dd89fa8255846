import type { EntityManager } from '@mikro-orm/core';
import type { AppConfig } from '../../config/config';
import { NewsArticle } from '../../modules/news/news-article.entity';
import type { SeedStep } from '../seed-step';
import { SEED_ARTICLES, SEED_AUTHOR } from './news-articles';

/** Adds the seed articles that are missing; an article staff have edited or unpublished is left alone. */
export const newsSeed: SeedStep = {
  name: 'news',
  async run(em: EntityManager, _config: AppConfig) {
    const existing = new Set(
      (
        await em.find(NewsArticle, { slug: { $in: SEED_ARTICLES.map((a) => a.slug) } }, { fields: ['slug'] })
      ).map((a) => a.slug),
    );
    for (const seed of SEED_ARTICLES) {
      if (existing.has(seed.slug)) continue;
      const article = new NewsArticle();
      article.slug = seed.slug;
      article.title = seed.title;
      article.summary = seed.summary;
      article.body = seed.body;
      article.status = 'published';
      article.publishedAt = new Date(seed.publishedAt);
      article.authorName = SEED_AUTHOR;
      article.createdAt = new Date(seed.publishedAt);
      em.persist(article);
    }
    await em.flush();
  },
};

import { randomUUID } from 'node:crypto';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { User } from '../users/user.entity';

@Entity({ tableName: 'news_article' })
export class NewsArticle {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 200, unique: true })
  slug!: string;

  @Property({ type: 'string', length: 300 })
  title!: string;

  @Property({ type: 'text' })
  summary!: string;

  /** Markdown. */
  @Property({ type: 'text' })
  body!: string;

  @Index()
  @Property({ type: 'string', length: 20 })
  status: 'draft' | 'published' = 'draft';

  @Index()
  @Property({ type: 'datetime', nullable: true })
  publishedAt: Date | null = null;

  @ManyToOne({ entity: () => User, nullable: true, deleteRule: 'set null' })
  author: User | null = null;

  /** Byline shown publicly (the firm's name or the author's display name). */
  @Property({ type: 'string', length: 200 })
  authorName: string = 'Reclaim';

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}

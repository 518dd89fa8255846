import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CurrentUser, Public, Roles } from '../../common/decorators';
import { PaginationQueryDto } from '../../common/pagination';
import type { User } from '../users/user.entity';
import { CreateNewsDto, ListNewsAdminQueryDto, SlugParamDto, UpdateNewsDto } from './dto/news.dto';
import { NewsDetailDto, NewsStaffDto, NewsStaffPageDto, NewsSummaryPageDto } from './news.response';
import { NewsService } from './news.service';

@ApiTags('news')
@Controller()
export class NewsController {
  constructor(private readonly news: NewsService) {}

  @Public()
  @Get('news')
  @ApiOkResponse({ type: NewsSummaryPageDto, description: 'Published articles' })
  list(@Query() query: PaginationQueryDto) {
    return this.news.listPublished(query);
  }

  @Public()
  @Get('news/:slug')
  @ApiOkResponse({ type: NewsDetailDto })
  get(@Param() params: SlugParamDto) {
    return this.news.getPublished(params.slug);
  }

  @ApiBearerAuth()
  @Roles('STAFF', 'ADMIN')
  @Get('api/news')
  @ApiOkResponse({ type: NewsStaffPageDto, description: 'Drafts and published articles' })
  listAll(@Query() query: ListNewsAdminQueryDto) {
    return this.news.listAll(query);
  }

  @ApiBearerAuth()
  @Roles('STAFF', 'ADMIN')
  @Post('api/news')
  @ApiCreatedResponse({ type: NewsStaffDto })
  create(@CurrentUser() user: User, @Body() dto: CreateNewsDto, @Req() request: FastifyRequest) {
    return this.news.create(user, dto, request);
  }

  @ApiBearerAuth()
  @Roles('STAFF', 'ADMIN')
  @Patch('api/news/:slug')
  @ApiOkResponse({ type: NewsStaffDto })
  update(
    @CurrentUser() user: User,
    @Param() params: SlugParamDto,
    @Body() dto: UpdateNewsDto,
    @Req() request: FastifyRequest,
  ) {
    return this.news.update(user, params.slug, dto, request);
  }

  @ApiBearerAuth()
  @Roles('STAFF', 'ADMIN')
  @Post('api/news/:slug/publish')
  @HttpCode(200)
  @ApiOkResponse({ type: NewsStaffDto })
  publish(@CurrentUser() user: User, @Param() params: SlugParamDto, @Req() request: FastifyRequest) {
    return this.news.setPublished(user, params.slug, true, request);
  }

  @ApiBearerAuth()
  @Roles('STAFF', 'ADMIN')
  @Post('api/news/:slug/unpublish')
  @HttpCode(200)
  @ApiOkResponse({ type: NewsStaffDto })
  unpublish(@CurrentUser() user: User, @Param() params: SlugParamDto, @Req() request: FastifyRequest) {
    return this.news.setPublished(user, params.slug, false, request);
  }
}

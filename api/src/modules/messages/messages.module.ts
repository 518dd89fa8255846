import { Module } from '@nestjs/common';
import { DocumentRequestsController } from './document-requests.controller';
import { DocumentRequestsService } from './document-requests.service';
import { MessageTemplatesController } from './message-templates.controller';
import { MessageTemplatesService } from './message-templates.service';
import { MessagesController } from './messages.controller';
import { MessagesService } from './messages.service';

// MessagesService.sendTemplated is the one way to send a templated message to a claim's client
// (document requests, reminders, staff bulk messages): import MessagesModule to use it.
@Module({
  controllers: [MessagesController, MessageTemplatesController, DocumentRequestsController],
  providers: [MessagesService, MessageTemplatesService, DocumentRequestsService],
  exports: [MessagesService, MessageTemplatesService, DocumentRequestsService],
})
export class MessagesModule {}

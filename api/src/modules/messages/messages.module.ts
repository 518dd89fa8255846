import { Module } from '@nestjs/common';
import { MessageTemplatesController } from './message-templates.controller';
import { MessageTemplatesService } from './message-templates.service';
import { MessagesController } from './messages.controller';
import { MessagesService } from './messages.service';

// MessagesService.sendTemplated is the one way to send a templated message to a claim's client
// (document requests, reminders, staff bulk messages): import MessagesModule to use it.
@Module({
  controllers: [MessagesController, MessageTemplatesController],
  providers: [MessagesService, MessageTemplatesService],
  exports: [MessagesService, MessageTemplatesService],
})
export class MessagesModule {}

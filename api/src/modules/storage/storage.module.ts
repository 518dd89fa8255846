import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../config/config';
import { createFileStorage } from './create-file-storage';
import { FileStorage } from './file-storage';

// Inject `FileStorage`: the one place uploaded bytes are written, read and deleted.
@Global()
@Module({
  providers: [{ provide: FileStorage, useFactory: createFileStorage, inject: [AppConfig] }],
  exports: [FileStorage],
})
export class StorageModule implements OnApplicationShutdown {
  constructor(@Inject(FileStorage) private readonly storage: FileStorage) {}

  onApplicationShutdown(): Promise<void> {
    return this.storage.close();
  }
}

import { Injectable } from '@nestjs/common';

// Time source for token lifetimes and rate-limit windows, replaceable in tests
// (`vi.spyOn(app.get(Clock), 'now')`) so expiry can be checked to the second.
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }

  nowMs(): number {
    return this.now().getTime();
  }

  nowSeconds(): number {
    return Math.floor(this.nowMs() / 1000);
  }
}

import { describe, expect, it } from 'vitest';
import { limitFromMessage } from './upload-xhr';

describe('limitFromMessage', () => {
  it("reads the byte limit of the service's 413 message", () => {
    expect(
      limitFromMessage('the upload is larger than the limit of 209715200 bytes (MAX_UPLOAD_BYTES)'),
    ).toBe(209715200);
    expect(limitFromMessage('storage quota exceeded')).toBeNull();
  });
});

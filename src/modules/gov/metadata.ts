/** The length cap of proposal metadata, titles, summaries and vote metadata (`MaxMetadataLen` = 255, §0.1). */
import { GovErrors } from './errors.ts';

export const MAX_METADATA_LEN = 255;

/** `assertMetadataLength`: a non-empty text of more than 255 bytes fails with gov 15. */
export function assertMetadataLength(text: string): void {
  const len = Buffer.byteLength(text, 'utf8');
  if (text !== '' && len > MAX_METADATA_LEN) throw GovErrors.MetadataTooLong.wrap(`got metadata with length ${len}`);
}

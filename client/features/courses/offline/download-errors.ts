import { ApiError, NetworkError } from '#client/lib/api-client';
import { DownloadError } from '#client/lib/downloads';
import { formatSize } from './download-plan';

/**
 * What a failed download says, each with what to do next. Gathering the course's answers fails
 * through the API client (a 403 once enrolment ended, a network error); saving its files fails
 * with a DownloadError.
 */
export function downloadErrorMessage(err: unknown, withVideos: boolean): string {
  const reason =
    err instanceof DownloadError
      ? err.reason
      : err instanceof NetworkError
        ? 'network'
        : err instanceof ApiError && err.status < 500
          ? 'refused'
          : undefined;
  switch (reason) {
    case 'quota': {
      const { needed, available } = err as DownloadError;
      const lighter = withVideos ? ', or download it without videos' : '';
      const room = available === undefined ? '' : `; your browser allows ${formatSize(available)} more`;
      const sizes = needed > 0 ? `This download needs ${formatSize(needed)}${room}. ` : '';
      return `There is not enough space on this device. ${sizes}Delete other downloads (Profile, Downloads) or free up space on your phone${lighter}, then try again.`;
    }
    case 'refused':
      return 'The course no longer lets you download its lessons: you may not be enrolled any more. Reload the course page to check.';
    case 'network':
      return 'The download stopped because the connection dropped. Nothing was kept: try again when you are back online.';
    case 'aborted':
      return 'Download cancelled. Nothing was kept.';
    default:
      return 'The download could not be saved on this device. Try again.';
  }
}

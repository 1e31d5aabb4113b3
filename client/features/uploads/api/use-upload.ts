import { useCallback, useEffect, useRef, useState } from 'react';
import type { TUpload, TUploadKind } from '#shared/uploads/uploads.schemas';
import { uploadFile, type UploadHandle } from './upload-file';

export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; fileName: string; progress: number }
  | { status: 'error'; fileName?: string; message: string };

/**
 * One upload at a time with its progress; `start` resolves the upload, or undefined when it
 * failed or was cancelled (the state then says why). Leaving the screen cancels it.
 */
export function useUpload(kind: TUploadKind, options: { private?: boolean } = {}) {
  const isPrivate = options.private ?? false;
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const current = useRef<UploadHandle | null>(null);

  useEffect(() => () => current.current?.abort(), []);

  const start = useCallback(
    /** `as` overrides the kind for this file (a field that takes images and PDFs alike). */
    async (file: File, as: TUploadKind = kind): Promise<TUpload | undefined> => {
      current.current?.abort();
      setState({ status: 'uploading', fileName: file.name, progress: 0 });
      const handle = uploadFile(
        as,
        file,
        (progress) => setState((s) => (s.status === 'uploading' && s.fileName === file.name ? { ...s, progress } : s)),
        isPrivate,
      );
      current.current = handle;
      try {
        const upload = await handle.promise;
        if (current.current === handle) setState({ status: 'idle' });
        return upload;
      } catch (err) {
        if (current.current === handle) {
          setState({
            status: 'error',
            fileName: file.name,
            message: err instanceof Error ? err.message : 'Upload failed.',
          });
        }
        return undefined;
      } finally {
        if (current.current === handle) current.current = null;
      }
    },
    [kind, isPrivate],
  );

  const cancel = useCallback(() => current.current?.abort(), []);
  const clear = useCallback(() => setState({ status: 'idle' }), []);

  return { state, start, cancel, clear };
}

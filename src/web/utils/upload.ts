import { API_BASE } from '../app/config';
import { getToken } from '../app/session-storage';
import { KEYS, storage } from '../app/storage';

export interface UploadOptions {
  /** Sub-directory on the server (contract §6.4); SPEC §9 default `temp`. */
  biz?: string;
  /** 0–100 as the bytes go out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

export const DEFAULT_BIZ = 'temp';

/**
 * What a failed upload says, naming the file, then the reason when there is one (the server's
 * message). Wholly Chinese (issue 37), where SPEC §8 still has antd's English line.
 */
export const uploadFailedMessage = (name: string, reason?: string) => `「${name}」上传失败${reason ? `：${reason}` : ''}`;

/**
 * Sends one file to `/sys/common/upload` (multipart field `file`, form field `biz`) and resolves to
 * the stored path the server answers in `message`. XMLHttpRequest, not fetch: only it reports
 * upload progress. Rejects with the SPEC message naming the file and the server's reason.
 */
export function uploadFile(file: File | Blob, opts: UploadOptions = {}): Promise<string> {
  const name = file instanceof File ? file.name : 'file';
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const fail = (reason?: string) => reject(new Error(uploadFailedMessage(name, reason)));
    xhr.open('POST', `${API_BASE}/sys/common/upload`);
    const token = getToken();
    if (token) xhr.setRequestHeader('X-Access-Token', token);
    xhr.setRequestHeader('tenant_id', String(storage.get<string | number>(KEYS.tenantId) ?? 0));
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => fail();
    xhr.onabort = () => fail();
    xhr.onload = () => {
      try {
        const body = JSON.parse(xhr.responseText) as { success?: boolean; message?: string };
        if (xhr.status >= 200 && xhr.status < 300 && body.success && body.message) resolve(body.message);
        else fail(body.message);
      } catch {
        fail(`(${xhr.status})`);
      }
    };
    opts.signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file, name);
    form.append('biz', opts.biz || DEFAULT_BIZ);
    xhr.send(form);
  });
}

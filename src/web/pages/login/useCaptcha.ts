import { useCallback, useEffect, useState } from 'react';
import { authApi } from '../../api/auth';

/** The login captcha (contract §2.1): a client-chosen key and its image, fetched anew on refresh. */
export function useCaptcha(enabled = true) {
  const [checkKey, setCheckKey] = useState(() => Date.now());
  const [image, setImage] = useState<string>();

  useEffect(() => {
    if (!enabled) return undefined;
    let active = true;
    authApi.captcha(String(checkKey))
      .then((res) => { if (active) setImage(res.success ? res.result : undefined); })
      .catch(() => { if (active) setImage(undefined); });
    return () => { active = false; };
  }, [checkKey, enabled]);

  // Two clicks within one millisecond must still give two keys.
  const refresh = useCallback(() => setCheckKey((prev) => Math.max(Date.now(), prev + 1)), []);
  return { checkKey, image, refresh };
}

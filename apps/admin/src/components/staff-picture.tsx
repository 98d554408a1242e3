import { Alert, Image, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { fetchPicture } from '../api';
import { fmt, t } from '../i18n';
import { errorText } from '../lib/notify';

interface Loaded {
  path: string;
  url?: string;
  error?: string;
}

/**
 * A picture on the staff API: fetched with the session header, shown from an object URL (freed when
 * the picture leaves the screen), enlarged on click.
 */
export function StaffPicture({ path, alt, width = 180 }: { path: string; alt: string; width?: number }) {
  const [loaded, setLoaded] = useState<Loaded>({ path });
  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    let url: string | undefined;
    fetchPicture(path, controller.signal).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        setLoaded({ path, url });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ path, error: errorText(error) });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);

  if (!path) return <Typography.Text type="secondary">{t.common.noPicture}</Typography.Text>;
  const current = loaded.path === path ? loaded : { path };
  if (current.error)
    return <Alert type="warning" showIcon title={fmt(t.common.pictureFailed, { msg: current.error })} />;
  if (!current.url) return <Skeleton.Image active aria-label={t.common.pictureLoading} />;
  return <Image src={current.url} alt={alt} width={width} className="staff-picture" />;
}

import { Typography } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { fmt, t } from '../i18n';

/** The page's one h1; also names the browser tab. */
export function PageTitle({ children, extra }: { children: string; extra?: ReactNode }) {
  useEffect(() => {
    document.title = fmt(t.app.pageTitle, { page: children });
  }, [children]);
  return (
    <div className="page-head">
      <Typography.Title level={1} className="page-title">
        {children}
      </Typography.Title>
      {extra ? <div className="page-head-extra">{extra}</div> : null}
    </div>
  );
}

import { DotLoading } from 'antd-mobile';

export function PageLoading() {
  return (
    <div className="page-loading" role="status">
      <DotLoading color="primary" />
    </div>
  );
}

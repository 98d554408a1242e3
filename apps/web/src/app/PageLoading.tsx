import DotLoading from 'antd-mobile/es/components/dot-loading';

export function PageLoading() {
  return (
    <div className="page-loading" role="status">
      <DotLoading color="primary" />
    </div>
  );
}

import { Outlet } from 'react-router-dom';

/** Auth pages (inside the public header and footer): a centred card on a soft background. */
export function AuthLayout() {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white px-4 py-12 sm:py-16">
      <div className="mx-auto w-full max-w-md">
        <div className="card p-6 sm:p-8">
          <Outlet />
        </div>
      </div>
    </div>
  );
}

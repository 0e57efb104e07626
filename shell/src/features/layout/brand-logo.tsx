import { Link } from 'react-router';
import { config } from '../../app/config.ts';

/** The logo: a mark plus the configurable brand name. */
export function BrandLogo({ to }: { to: string }) {
  return (
    <Link to={to} className="brand">
      <svg className="brand__mark" width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
        <rect width="28" height="28" rx="8" fill="currentColor" />
        <path
          d="M10 20V8h9M10 14h7"
          stroke="#fff"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
          fill="none"
        />
      </svg>
      <span className="brand__name">{config.brand}</span>
    </Link>
  );
}

import { useState } from 'react';
import { site } from '../lib/site';

export interface LogoProps {
  className?: string;
  /** Alt text; the site name by default. */
  alt?: string;
}

/** The site logo; a broken image falls back to the default logo. */
export function Logo({ className = 'h-9 w-auto', alt }: LogoProps) {
  const [src, setSrc] = useState(site.logo);
  return (
    <img
      src={src}
      alt={alt ?? site.name}
      className={className}
      width={160}
      height={40}
      onError={() => {
        if (src !== site.logoDefault) setSrc(site.logoDefault);
      }}
    />
  );
}

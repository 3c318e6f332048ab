import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

export default [
  layout('layout/site-layout.tsx', { id: 'site' }, [
    index('../pages/home.tsx'),
    route('services', '../pages/services.tsx'),
    route('about', '../pages/about.tsx'),
    route('vores-arbejde', '../pages/portfolio.tsx'),
    route('contact', '../pages/contact.tsx'),
    route('privatlivspolitik', '../pages/privacy.tsx'),
    route('afbestil', '../pages/cancel.tsx'),
    route('flyt', '../pages/reschedule.tsx'),
    route('*', '../pages/not-found.tsx'),
  ]),
] satisfies RouteConfig;

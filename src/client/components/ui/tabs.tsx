import * as TabsPrimitive from '@radix-ui/react-tabs';
import { clsx } from 'clsx';
import type { ComponentProps } from 'react';
import { LANGUAGE_DIRECTION } from '@shared/i18n/languages';
import { useLanguage } from '@client/lib/translation';

/**
 * Radix writes its own dir on the tabs (left to right unless told), which would turn a tab panel
 * left to right inside an Urdu page: the tabs follow the page's language instead.
 */
export function Tabs(props: ComponentProps<typeof TabsPrimitive.Root>) {
  const language = useLanguage();
  return <TabsPrimitive.Root dir={LANGUAGE_DIRECTION[language]} {...props} />;
}

/** Scrolls sideways on phones instead of wrapping, so tab order stays visual order. */
export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={clsx(
        'flex w-fit max-w-full gap-1 overflow-x-auto rounded-lg bg-stone-100 p-1 [scrollbar-width:none]',
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={clsx(
        // On a narrow screen a trigger shrinks and wraps its words rather than being cut off.
        'inline-flex min-h-9 min-w-0 items-center justify-center gap-1.5 rounded-md px-3 py-1 text-center text-sm leading-tight font-medium text-balance text-stone-600 transition-colors',
        'hover:text-stone-900 disabled:pointer-events-none disabled:opacity-50',
        'data-[state=active]:bg-white data-[state=active]:text-stone-900 data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={clsx('mt-4', className)} {...props} />;
}

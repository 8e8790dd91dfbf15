import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Box, Card, chakra, HStack, Icon, IconButton, SegmentGroup, Stack, Text } from '@chakra-ui/react';
import { LuInfo, LuMonitor, LuRefreshCw, LuSmartphone, LuTablet } from 'react-icons/lu';
import { texts } from '../../lib/texts';
import { DEVICE_SIZES, fitScale, hasWebsitePreview, type PreviewDevice } from './rules';

export type PreviewSource = 'scraped' | 'new';

export interface DeviceFramePreviewProps {
  scrapedUrl: string | null;
  newUrl: string | null;
  /** The device shown first. */
  defaultDevice?: PreviewDevice;
  /** The URL shown first when both exist. */
  defaultSource?: PreviewSource;
}

/** Height of the desktop preview, which takes the card's full width. */
const DESKTOP_HEIGHT = 600;
/** Width of the bezel drawn around the tablet and mobile frames. */
const BEZEL = 12;

/**
 * The 'Website Preview' card: the scraped or new URL in a frame sized as a desktop, tablet
 * or mobile screen. Renders nothing when the article has neither URL (see hasWebsitePreview).
 */
export function DeviceFramePreview({
  scrapedUrl,
  newUrl,
  defaultDevice = 'desktop',
  defaultSource = 'scraped',
}: DeviceFramePreviewProps) {
  const a = texts.article;
  const [device, setDevice] = useState<PreviewDevice>(defaultDevice);
  const [source, setSource] = useState<PreviewSource>(defaultSource);
  // Bumped by the refresh button; part of the frame's key, so the frame is remounted and reloads.
  const [reloads, setReloads] = useState(0);

  if (!hasWebsitePreview({ scrapedUrl, newUrl })) return null;
  const src = (source === 'new' ? newUrl || scrapedUrl : scrapedUrl || newUrl) as string;
  const bothUrls = Boolean(scrapedUrl && newUrl);

  // A plain iframe: its width and height stay real attributes (the device's screen size).
  const frame = (width: number | string, height: number) => (
    <iframe
      key={`${src}#${reloads}`}
      src={src}
      title={a.websitePreview}
      // A third-party page may need its scripts and forms, but never the console's origin.
      sandbox="allow-scripts allow-forms allow-popups"
      referrerPolicy="no-referrer"
      width={width}
      height={height}
      data-reload-count={reloads}
      style={{ display: 'block', border: 0 }}
    />
  );

  return (
    <Card.Root bg="bg.card">
      <Card.Header>
        <HStack justify="space-between" gap="3">
          <Card.Title as="h2">{a.websitePreview}</Card.Title>
          <IconButton
            aria-label={a.refreshPreview}
            variant="ghost"
            size="sm"
            onClick={() => setReloads((n) => n + 1)}
          >
            <LuRefreshCw />
          </IconButton>
        </HStack>
      </Card.Header>
      <Card.Body gap="4">
        <HStack gap="4" wrap="wrap">
          <SegmentGroup.Root
            size="sm"
            aria-label={a.previewDevice}
            value={device}
            onValueChange={(details) => details.value && setDevice(details.value as PreviewDevice)}
          >
            <SegmentGroup.Indicator />
            <SegmentGroup.Items
              items={[
                { value: 'desktop', label: <DeviceLabel icon={<LuMonitor />}>{a.desktop}</DeviceLabel> },
                { value: 'tablet', label: <DeviceLabel icon={<LuTablet />}>{a.tablet}</DeviceLabel> },
                { value: 'mobile', label: <DeviceLabel icon={<LuSmartphone />}>{a.mobile}</DeviceLabel> },
              ]}
            />
          </SegmentGroup.Root>
          {bothUrls && (
            <SegmentGroup.Root
              size="sm"
              aria-label={a.previewSource}
              value={source}
              onValueChange={(details) => details.value && setSource(details.value as PreviewSource)}
            >
              <SegmentGroup.Indicator />
              <SegmentGroup.Items
                items={[
                  { value: 'scraped', label: a.scrapedUrl },
                  { value: 'new', label: a.newUrl },
                ]}
              />
            </SegmentGroup.Root>
          )}
        </HStack>

        <Text textStyle="sm" color="fg.muted" fontFamily="mono" truncate title={src}>
          {src}
        </Text>

        {device === 'desktop' ? (
          <Box borderWidth="1px" borderRadius="md" overflow="hidden" bg="white">
            {frame('100%', DESKTOP_HEIGHT)}
          </Box>
        ) : (
          <DeviceFrame width={DEVICE_SIZES[device].width} height={DEVICE_SIZES[device].height}>
            {frame(DEVICE_SIZES[device].width, DEVICE_SIZES[device].height)}
          </DeviceFrame>
        )}

        <HStack gap="2" color="fg.muted" textStyle="sm" align="start">
          <Icon aria-hidden mt="0.5">
            <LuInfo />
          </Icon>
          <Text>{a.securityNote}</Text>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** Icon and name; on a phone only the icon shows, the name stays for screen readers. */
function DeviceLabel({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <HStack gap="1.5">
      <Icon aria-hidden>{icon}</Icon>
      <chakra.span srOnly={{ base: true, sm: false }}>{children}</chakra.span>
    </HStack>
  );
}

/**
 * A bezel around a screen of a fixed size. When the card is narrower than the device, the
 * whole frame is scaled down to fit; the screen keeps its real size, so the page inside lays
 * itself out as on that device.
 */
function DeviceFrame({ width, height, children }: { width: number; height: number; children: ReactNode }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const available = useElementWidth(containerRef);
  const outerWidth = width + 2 * BEZEL;
  const outerHeight = height + 2 * BEZEL;
  const scale = fitScale(available, outerWidth);

  return (
    <Box ref={containerRef} w="full" h={`${outerHeight * scale}px`} overflow="hidden">
      <Stack align="center" w="full">
        <Box
          flexShrink={0}
          w={`${outerWidth}px`}
          h={`${outerHeight}px`}
          p={`${BEZEL}px`}
          bg="preview.frame"
          borderRadius="2xl"
          transform={`scale(${scale})`}
          transformOrigin="top center"
        >
          <Box bg="white" borderRadius="sm" overflow="hidden">
            {children}
          </Box>
        </Box>
      </Stack>
    </Box>
  );
}

/** The current content width of an element (0 until measured). */
function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  // Measured before paint, so the frame never flashes at full size on a narrow screen.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

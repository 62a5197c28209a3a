'use client';
import { useEffect, useState, useSyncExternalStore } from 'react';

/** Where the tablet is, as the approvals record it (contract §7 `location`, decimal strings). */
export type DeviceLocation =
  | { state: 'locating' }
  | { state: 'found'; latitude: string; longitude: string; accuracyMeters: number }
  /** Refused by the driver, no positioning on the device, or no fix in time: approvals go without it. */
  | { state: 'off' };

/** Six decimals are about 10 cm: more than a tablet's GPS knows, and what the timeline shows. */
const decimal = (value: number) => value.toFixed(6);

/**
 * The tablet's position, asked once when the hand-over screen opens. It never holds an approval back: a driver
 * who refuses, or a device without a fix after 20 s, approves without a location.
 */
export function useDeviceLocation(): DeviceLocation {
  const [location, setLocation] = useState<DeviceLocation>({ state: 'locating' });
  // The server renders "locating"; the browser knows whether it can locate at all (no subscription: it never changes).
  const supported = useSyncExternalStore(
    noSubscription,
    () => 'geolocation' in navigator,
    () => true,
  );
  useEffect(() => {
    if (!supported) return;
    let open = true;
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        if (open) setLocation({ state: 'found', latitude: decimal(coords.latitude), longitude: decimal(coords.longitude), accuracyMeters: coords.accuracy });
      },
      () => {
        if (open) setLocation({ state: 'off' });
      },
      // A fix of the last five minutes is as good as a new one at a loading dock, and much quicker.
      { enableHighAccuracy: true, maximumAge: 300_000, timeout: 20_000 },
    );
    return () => {
      open = false;
    };
  }, [supported]);
  return supported ? location : { state: 'off' };
}

const noSubscription = () => () => {};

/** The `location` member of an approval's body, when there is one. */
export const locationOf = (location: DeviceLocation) =>
  location.state === 'found' ? { location: { latitude: location.latitude, longitude: location.longitude } } : {};

import { greet } from '@lib/greet';
import { b, greet as again } from './lib';
import React from 'react';
import { gone } from './missing';
const fs = require('fs');

export function app(): string {
  return greet() + b + again() + React + fs + gone;
}

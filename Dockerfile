# For those who deploy containers (README "Set-up"; not built by the tests). The official Node 24 image; `npm ci`
# also installs the `node` package (the same 24.x as everywhere else), which npm scripts then run on.
FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
# devDependencies are installed too: `next build` needs TypeScript and the build reads the lint/format configs.
RUN npm ci --no-audit --no-fund --include=dev
COPY . .
RUN npm run build
# The embedded database and the generated APP_SECRET live under DATA_DIR: mount a volume there to keep them.
ENV DATA_DIR=/data PORT=3000
VOLUME ["/data"]
EXPOSE 3000
CMD ["npm", "start"]

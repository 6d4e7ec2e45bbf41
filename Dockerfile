# Portón's API and web in one image: the web is built here, the server runs its TypeScript with tsx.
# Not built on the development machine (no container runtime there); see docs/operations.md.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
# The dev dependencies stay: vite builds the web below (its plugins are listed among them).
RUN npm ci --include=dev --ignore-scripts=false
COPY . .
RUN npm run build
ENV HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
VOLUME /data
EXPOSE 3000
USER node
CMD ["node", "--import", "tsx", "src/server/main.ts"]

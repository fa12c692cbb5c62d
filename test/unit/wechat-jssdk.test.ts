import test from 'ava';
import { jsapiSignature } from '../../src/server/services/wechat/jssdk.ts';

// The JS-SDK signature against the example of WeChat's JS-SDK documentation (appendix 1, "JS-SDK使用权限签名算法").

test("the signature of WeChat's published example", (t) => {
  const ticket = 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg';
  t.is(jsapiSignature(ticket, 'Wm3WZYTPz0wzccnW', 1414587457, 'http://mp.weixin.qq.com?params=value'), '0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  t.not(jsapiSignature(ticket, 'Wm3WZYTPz0wzccnW', 1414587457, 'http://mp.weixin.qq.com?params=value#top'), '0f9de62fce790f9a083d5c99e95740ceb90c27ed', 'the URL is signed as given');
});

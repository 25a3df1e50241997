# goose: run tests/testcmd/fakestd/use_onlytests.gs
# env: GOOSE_STDLIB=tests/testcmd/fakestd
# status: 1
# stdout:
# stderr:
tests/testcmd/fakestd/use_onlytests.gs:2:8: error: unknown module "onlytests"
import "onlytests"
       ^
tests/testcmd/fakestd/use_onlytests.gs:5:5: error: unknown name onlytests (the standard library module needs import "onlytests")
    onlytests.test_alone()
    ^

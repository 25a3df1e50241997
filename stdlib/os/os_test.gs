// The os module's own tests (goose test stdlib/os); this file joins the
// module, so its functions are called unqualified. A test runs in its
// package's folder (stdlib/os) with stdin from /dev/null, and writes no file.

fn test_read_file_of_this_folder() {
    let (text, err) = read_file("os.gs")
    assert err == none
    assert text.len > 0 && text[:8] == "// os.gs"
    delete(text)
    assert exists("os.gs") && exists("os_test.gs")
}

fn test_errors_name_operation_path_and_reason() {
    let (_, err) = read_file("no/such/file")
    assert err.unwrap().msg == "open no/such/file: No such file or directory"
    assert !exists("no/such/file")
    let werr = write_file("no/such/dir/file", "x")
    assert werr != none
    assert remove("no/such/file") != none
}

fn test_getenv() {
    assert getenv("GOOSE_SURELY_UNSET_VARIABLE") == none
    assert getenv("PATH") != none
}

fn test_stdin_is_empty() {
    assert read_line() == none
    assert read_all_stdin() == ""
}
